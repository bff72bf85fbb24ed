package android.view;

import android.content.ContextWrapper;

/** Compile-only stub of android.view.ContextThemeWrapper. */
public class ContextThemeWrapper extends ContextWrapper {
    public ContextThemeWrapper() {
        super(null);
        throw new RuntimeException("Stub!");
    }
}
