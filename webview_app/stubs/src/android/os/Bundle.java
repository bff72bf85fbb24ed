package android.os;

/** Compile-only stub of android.os.Bundle. */
public final class Bundle extends BaseBundle {
    public Bundle() {
        throw new RuntimeException("Stub!");
    }
}
