package android.view;

import android.content.Context;

/** Compile-only stub of android.view.View. */
public class View {
    public View(Context context) {
        throw new RuntimeException("Stub!");
    }

    public Context getContext() {
        throw new RuntimeException("Stub!");
    }
}
