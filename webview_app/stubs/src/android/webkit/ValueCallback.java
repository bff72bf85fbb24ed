package android.webkit;

/** Compile-only stub of android.webkit.ValueCallback. */
public interface ValueCallback<T> {
    void onReceiveValue(T value);
}
