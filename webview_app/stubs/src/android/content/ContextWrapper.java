package android.content;

import android.content.res.AssetManager;

/** Compile-only stub of android.content.ContextWrapper. */
public class ContextWrapper extends Context {
    public ContextWrapper(Context base) {
        throw new RuntimeException("Stub!");
    }

    @Override
    public AssetManager getAssets() {
        throw new RuntimeException("Stub!");
    }

    @Override
    public Context getApplicationContext() {
        throw new RuntimeException("Stub!");
    }

    @Override
    public String getPackageName() {
        throw new RuntimeException("Stub!");
    }
}
