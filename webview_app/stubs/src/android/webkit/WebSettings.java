package android.webkit;

/** Compile-only stub of android.webkit.WebSettings. */
public abstract class WebSettings {
    public WebSettings() {
        throw new RuntimeException("Stub!");
    }

    public abstract void setJavaScriptEnabled(boolean flag);

    public abstract void setDomStorageEnabled(boolean flag);

    public abstract void setAllowFileAccess(boolean allow);

    @Deprecated
    public abstract void setAllowFileAccessFromFileURLs(boolean flag);

    public abstract void setUseWideViewPort(boolean use);

    public abstract void setLoadWithOverviewMode(boolean overview);

    public abstract void setTextZoom(int textZoom);
}
