package android.webkit;

import android.content.Context;
import android.widget.AbsoluteLayout;

/** Compile-only stub of android.webkit.WebView. */
public class WebView extends AbsoluteLayout {
    public WebView(Context context) {
        super(context);
        throw new RuntimeException("Stub!");
    }

    public WebSettings getSettings() {
        throw new RuntimeException("Stub!");
    }

    public void setWebViewClient(WebViewClient client) {
        throw new RuntimeException("Stub!");
    }

    public void loadUrl(String url) {
        throw new RuntimeException("Stub!");
    }

    public void evaluateJavascript(String script, ValueCallback<String> resultCallback) {
        throw new RuntimeException("Stub!");
    }

    public void addJavascriptInterface(Object object, String name) {
        throw new RuntimeException("Stub!");
    }

    public void destroy() {
        throw new RuntimeException("Stub!");
    }

    public static void setWebContentsDebuggingEnabled(boolean enabled) {
        throw new RuntimeException("Stub!");
    }
}
