package android.content;

import android.content.res.AssetManager;

/** Compile-only stub of android.content.Context (a subset of its API). */
public abstract class Context {
    public Context() {}

    public abstract AssetManager getAssets();

    public abstract Context getApplicationContext();

    public abstract String getPackageName();
}
