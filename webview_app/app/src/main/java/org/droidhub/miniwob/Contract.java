package org.droidhub.miniwob;

/**
 * The intent contract shared with droidhub (droidhub_miniwob/contract.py and
 * docs/miniwob-bridge.md). A droidhub test parses these constants and checks that they
 * equal the Python side's, so keep each one a plain string or int literal.
 */
final class Contract {
    private Contract() {}

    static final String PACKAGE = "org.droidhub.miniwob";
    static final String ACTIVITY = ".MiniWobActivity";
    static final String RECEIVER = ".BridgeReceiver";

    static final String ACTION_GET_UTTERANCE = "org.droidhub.miniwob.GET_UTTERANCE";
    static final String ACTION_GET_REWARD = "org.droidhub.miniwob.GET_REWARD";
    static final String ACTION_RESET = "org.droidhub.miniwob.RESET";

    static final String EXTRA_TASK = "task";
    static final String EXTRA_SEED = "seed";
    static final String EXTRA_NO_TIMER = "no_timer";

    /** Result code of an answered broadcast (Activity.RESULT_OK). */
    static final int RESULT_OK = -1;
    /** Result code when no task page is loaded. */
    static final int RESULT_NO_TASK = 0;

    /** Folder of the task pages in the assets: file:///android_asset/miniwob/TASK.html. */
    static final String ASSET_DIR = "miniwob";
    /** The bridge script, copied from the droidhub_miniwob package by copy_pages.py. */
    static final String BRIDGE_ASSET = "droidhub/bridge.js";
    static final String BRIDGE_OBJECT = "droidhubMiniwob";
    static final String JS_UTTERANCE =
            "(window.droidhubMiniwob ? droidhubMiniwob.utterance() : null)";
    static final String JS_REWARD = "(window.droidhubMiniwob ? droidhubMiniwob.reward() : null)";

    /** The expression that starts a new episode in the loaded page. */
    static String resetScript(String seed, boolean noTimer) {
        String seedJs = seed == null ? "null" : jsString(seed);
        return BRIDGE_OBJECT + ".reset(" + seedJs + ", " + (noTimer ? "true" : "false") + ")";
    }

    /** A JavaScript string literal holding text (a seed may arrive as any string extra). */
    static String jsString(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
