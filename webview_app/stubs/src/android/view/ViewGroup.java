package android.view;

import android.content.Context;

/** Compile-only stub of android.view.ViewGroup. */
public abstract class ViewGroup extends View {
    public ViewGroup(Context context) {
        super(context);
        throw new RuntimeException("Stub!");
    }
}
