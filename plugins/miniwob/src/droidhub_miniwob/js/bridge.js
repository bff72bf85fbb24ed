// droidhub MiniWoB++ bridge: injected into a task page once it has loaded, by the
// Android app (MiniWobActivity) and by the virtual WebView app alike. It exposes one
// object, window.droidhubMiniwob, whose methods return plain objects that both hosts
// serialise to JSON as the result data of the ordered broadcasts (docs/miniwob-bridge.md).
(function () {
  if (window.droidhubMiniwob) {
    return;
  }
  // MiniWoB tasks may set their own episode length at load; remember it so that a
  // reset with the timer enabled restores it after a reset without.
  var taskMaxTime = core.EPISODE_MAX_TIME;
  // setTimeout's longest delay (2^31 - 1 ms, about 24.8 days): "no timer" in practice.
  var NO_TIMER_MS = 2147483647;
  var current = { task: null, seed: null, starts: 0 };

  function taskName() {
    var path = window.location.pathname;
    var file = path.substring(path.lastIndexOf('/') + 1);
    return file.replace(/\.html$/, '');
  }

  // A few tasks (email-inbox-*-nl*) override getUtterance to return
  // {utterance, fields}; the instruction is the text either way.
  function utteranceText() {
    var said = core.getUtterance();
    if (said !== null && typeof said === 'object') {
      said = said.utterance;
    }
    return String(said || '');
  }

  function ready() {
    return current.starts > 0 && WOB_TASK_READY !== false;
  }

  window.droidhubMiniwob = {
    // Start a new episode inside the loaded page: seed Math.random, then let the task
    // generate its problem. seed null/undefined leaves Math.random unseeded.
    reset: function (seed, noTimer) {
      if (seed !== null && seed !== undefined) {
        Math.seedrandom(String(seed));
      }
      core.EPISODE_MAX_TIME = noTimer ? NO_TIMER_MS : taskMaxTime;
      current.task = taskName();
      current.seed = (seed === null || seed === undefined) ? null : String(seed);
      current.starts += 1;
      core.startEpisodeReal();
      // The score board and the click visualiser beside the task are for humans at a
      // desktop; on a phone they only leak the reward and the countdown to the agent.
      core.hideDisplay();
      var canvas = document.getElementById('click-canvas');
      if (canvas) {
        canvas.style.display = 'none';
      }
      return this.utterance();
    },
    utterance: function () {
      return {
        task: taskName(),
        seed: current.seed,
        ready: ready(),
        utterance: ready() ? utteranceText() : ''
      };
    },
    reward: function () {
      return {
        task: taskName(),
        seed: current.seed,
        raw_reward: WOB_RAW_REWARD_GLOBAL,
        reward: WOB_REWARD_GLOBAL,
        done: WOB_DONE_GLOBAL,
        reason: WOB_REWARD_REASON == null ? null : String(WOB_REWARD_REASON),
        episode: WOB_EPISODE_ID
      };
    }
  };
})();
