package org.droidhub.miniwob;

import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.util.Log;
import android.webkit.ValueCallback;
import android.webkit.WebSettings;
import android.webkit.WebView;
import android.webkit.WebViewClient;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A full-screen WebView showing one MiniWoB++ task page from the assets.
 *
 * <p>Started with the extras {@code task}, {@code seed} and {@code no_timer}: it loads
 * {@code file:///android_asset/miniwob/TASK.html} (or keeps the page when that task is
 * already loaded), injects the bridge script once the page has finished loading, and
 * starts an episode seeded with {@code seed}. {@link BridgeReceiver} answers droidhub's
 * broadcasts through {@link #evaluate}.
 */
public class MiniWobActivity extends Activity {
    private static final String TAG = "MiniWob";

    /** The activity on screen, for the receiver; set and cleared on the main thread. */
    static MiniWobActivity current;

    private WebView webView;
    private String bridgeScript;
    /** The task whose page is loading or loaded. */
    private String loadedTask;
    private boolean pageReady;
    /** The episode to start once the page has loaded. */
    private String pendingSeed;
    private boolean pendingNoTimer;

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        bridgeScript = readAsset(Contract.BRIDGE_ASSET);
        webView = new WebView(this);
        WebSettings settings = webView.getSettings();
        settings.setJavaScriptEnabled(true);
        settings.setDomStorageEnabled(true);
        // Task pages load ../core/*.js and ../common/* next to them in the assets.
        settings.setAllowFileAccess(true);
        settings.setAllowFileAccessFromFileURLs(true);
        webView.setWebViewClient(new WebViewClient() {
            @Override
            public void onPageFinished(WebView view, String url) {
                onPageLoaded(url);
            }
        });
        setContentView(webView);
        current = this;
        handle(getIntent());
    }

    @Override
    protected void onNewIntent(Intent intent) {
        super.onNewIntent(intent);
        setIntent(intent);
        handle(intent);
    }

    @Override
    protected void onDestroy() {
        if (current == this) {
            current = null;
        }
        webView.destroy();
        super.onDestroy();
    }

    /** Whether a task page is loaded with the bridge injected. */
    boolean isPageReady() {
        return pageReady;
    }

    /** Evaluate a bridge expression; {@code done} receives its value as JSON text. */
    void evaluate(String script, ValueCallback<String> done) {
        webView.evaluateJavascript(script, done);
    }

    /** Start a new episode in the loaded page, as the RESET broadcast asks. */
    void reset(String seed, boolean noTimer, ValueCallback<String> done) {
        evaluate(Contract.resetScript(seed, noTimer), done);
    }

    private void handle(Intent intent) {
        if (intent == null) {
            return;
        }
        String task = intent.getStringExtra(Contract.EXTRA_TASK);
        if (task == null) {
            return; // opened from the launcher: keep what is shown
        }
        String seed = seedOf(intent);
        boolean noTimer = intent.getBooleanExtra(Contract.EXTRA_NO_TIMER, false);
        if (task.equals(loadedTask) && pageReady) {
            reset(seed, noTimer, null);
            return;
        }
        loadedTask = task;
        pageReady = false;
        pendingSeed = seed;
        pendingNoTimer = noTimer;
        webView.loadUrl("file:///android_asset/" + Contract.ASSET_DIR + "/" + task + ".html");
    }

    private void onPageLoaded(String url) {
        if (loadedTask == null || !url.endsWith("/" + loadedTask + ".html")) {
            return;
        }
        evaluate(bridgeScript, null);
        evaluate(Contract.resetScript(pendingSeed, pendingNoTimer), null);
        pageReady = true;
    }

    /** The seed extra as text, whatever its type (--ei, --el or --es). */
    static String seedOf(Intent intent) {
        Bundle extras = intent.getExtras();
        if (extras == null) {
            return null;
        }
        Object seed = extras.get(Contract.EXTRA_SEED);
        return seed == null ? null : String.valueOf(seed);
    }

    private String readAsset(String path) {
        try (InputStream in = getAssets().open(path)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
            }
            return out.toString("UTF-8");
        } catch (IOException e) {
            Log.e(TAG, "missing asset " + path + ": run copy_pages.py before building", e);
            throw new IllegalStateException("missing asset " + path, e);
        }
    }
}
