package android.content;

/** Compile-only stub of android.content.BroadcastReceiver. */
public abstract class BroadcastReceiver {
    public BroadcastReceiver() {
        throw new RuntimeException("Stub!");
    }

    /** State of a broadcast kept alive after onReceive returns (see goAsync). */
    public static class PendingResult {
        PendingResult() {
            throw new RuntimeException("Stub!");
        }

        public final void setResultCode(int code) {
            throw new RuntimeException("Stub!");
        }

        public final void setResultData(String data) {
            throw new RuntimeException("Stub!");
        }

        public final void finish() {
            throw new RuntimeException("Stub!");
        }
    }

    public abstract void onReceive(Context context, Intent intent);

    public final PendingResult goAsync() {
        throw new RuntimeException("Stub!");
    }

    public final void setResultCode(int code) {
        throw new RuntimeException("Stub!");
    }

    public final void setResultData(String data) {
        throw new RuntimeException("Stub!");
    }

    public final int getResultCode() {
        throw new RuntimeException("Stub!");
    }

    public final String getResultData() {
        throw new RuntimeException("Stub!");
    }
}
