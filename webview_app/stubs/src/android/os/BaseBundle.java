package android.os;

/** Compile-only stub of android.os.BaseBundle (where Bundle's untyped getter lives). */
public class BaseBundle {
    BaseBundle() {
        throw new RuntimeException("Stub!");
    }

    /** Deprecated in API 33 in favour of typed getters; still present. */
    @Deprecated
    public Object get(String key) {
        throw new RuntimeException("Stub!");
    }

    public String getString(String key) {
        throw new RuntimeException("Stub!");
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        throw new RuntimeException("Stub!");
    }

    public boolean containsKey(String key) {
        throw new RuntimeException("Stub!");
    }
}
