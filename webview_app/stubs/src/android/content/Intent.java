package android.content;

import android.os.Bundle;

/** Compile-only stub of android.content.Intent. */
public class Intent {
    public Intent() {
        throw new RuntimeException("Stub!");
    }

    public Intent(String action) {
        throw new RuntimeException("Stub!");
    }

    public String getAction() {
        throw new RuntimeException("Stub!");
    }

    public String getStringExtra(String name) {
        throw new RuntimeException("Stub!");
    }

    public boolean getBooleanExtra(String name, boolean defaultValue) {
        throw new RuntimeException("Stub!");
    }

    public int getIntExtra(String name, int defaultValue) {
        throw new RuntimeException("Stub!");
    }

    public Bundle getExtras() {
        throw new RuntimeException("Stub!");
    }

    public boolean hasExtra(String name) {
        throw new RuntimeException("Stub!");
    }
}
