package android.widget;

import android.content.Context;
import android.view.ViewGroup;

/** Compile-only stub of android.widget.AbsoluteLayout (the base of WebView). */
@Deprecated
public class AbsoluteLayout extends ViewGroup {
    public AbsoluteLayout(Context context) {
        super(context);
        throw new RuntimeException("Stub!");
    }
}
