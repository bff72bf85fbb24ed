"""Source of a test plugin whose tasks are broken in each way droidhub check catches."""

SHODDY_PLUGIN = """
from droidhub import Footprint, StateRefs, TaskEval, TaskFamily, hookimpl

FILE = "/sdcard/Download/shoddy.txt"
STRAY = "/sdcard/Download/stray.txt"
WRITES_FILE = Footprint(writes=StateRefs(paths=frozenset({FILE})))


class Good(TaskEval):
    template = "Write ok to shoddy.txt."
    footprint = WRITES_FILE

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.remove(FILE)

    def is_successful(self, env):
        return 1.0 if env.device.exists(FILE) and env.device.read_text(FILE) == "ok" else 0.0

    def oracle(self, env):
        env.device.write_text(FILE, "ok")

    def tear_down(self, env):
        env.device.remove(FILE)
        super().tear_down(env)


class AlreadyDone(Good):
    template = "Nothing to do."

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.write_text(FILE, "ok")


class Sprawling(Good):
    template = "Write ok, and a stray file too."

    def oracle(self, env):
        super().oracle(env)
        env.device.write_text(STRAY, "oops")

    def tear_down(self, env):
        env.device.remove(STRAY)
        super().tear_down(env)


class Leaky(Good):
    template = "Write ok; set-up changes a setting it never restores."
    footprint = Footprint(
        writes=StateRefs(paths=frozenset({FILE}), settings=frozenset({"global/auto_time"}))
    )

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.put_setting("global", "auto_time", "0")


class WifiStaysOn(TaskEval):
    template = "Make sure wifi is on."
    met_at_start = True
    footprint = Footprint(writes=StateRefs(settings=frozenset({"global/wifi_on"})))

    def initialize_task(self, env):
        super().initialize_task(env)
        self.before = env.device.get_setting("global", "wifi_on")
        env.device.put_setting("global", "wifi_on", "1")

    def is_successful(self, env):
        return 1.0 if env.device.get_setting("global", "wifi_on") == "1" else 0.0

    def oracle(self, env):
        return None

    def wrong_action(self, env):
        env.device.shell(["svc", "wifi", "disable"])

    def tear_down(self, env):
        env.device.put_setting("global", "wifi_on", self.before)
        super().tear_down(env)


class NoOracle(TaskEval):
    template = "Do something no oracle can."

    def is_successful(self, env):
        return 0.0


@hookimpl
def droidhub_task_families():
    return [TaskFamily("shoddy", "tasks broken on purpose",
                       tasks=[Good, AlreadyDone, Sprawling, Leaky, WifiStaysOn, NoOracle])]
"""
