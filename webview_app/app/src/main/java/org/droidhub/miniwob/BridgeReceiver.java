package org.droidhub.miniwob;

import android.content.BroadcastReceiver;
import android.content.Context;
import android.content.Intent;
import android.webkit.ValueCallback;

/**
 * Answers droidhub's ordered broadcasts (GET_UTTERANCE, GET_REWARD, RESET) with the
 * bridge's JSON as result data. Evaluating JavaScript is asynchronous, so the result is
 * sent through {@link BroadcastReceiver#goAsync()} once the page has answered.
 */
public class BridgeReceiver extends BroadcastReceiver {
    @Override
    public void onReceive(Context context, Intent intent) {
        MiniWobActivity activity = MiniWobActivity.current;
        String action = intent.getAction();
        if (activity == null || !activity.isPageReady()) {
            setResultCode(Contract.RESULT_NO_TASK);
            setResultData(null);
            return;
        }
        final PendingResult result = goAsync();
        ValueCallback<String> answer = new ValueCallback<String>() {
            @Override
            public void onReceiveValue(String json) {
                result.setResultCode(Contract.RESULT_OK);
                result.setResultData(json);
                result.finish();
            }
        };
        if (Contract.ACTION_GET_UTTERANCE.equals(action)) {
            activity.evaluate(Contract.JS_UTTERANCE, answer);
        } else if (Contract.ACTION_GET_REWARD.equals(action)) {
            activity.evaluate(Contract.JS_REWARD, answer);
        } else if (Contract.ACTION_RESET.equals(action)) {
            boolean noTimer = intent.getBooleanExtra(Contract.EXTRA_NO_TIMER, false);
            activity.reset(MiniWobActivity.seedOf(intent), noTimer, answer);
        } else {
            result.finish();
        }
    }
}
