package android.webkit;

/** Compile-only stub of android.webkit.WebViewClient. */
public class WebViewClient {
    public WebViewClient() {
        throw new RuntimeException("Stub!");
    }

    public void onPageFinished(WebView view, String url) {
        throw new RuntimeException("Stub!");
    }
}
