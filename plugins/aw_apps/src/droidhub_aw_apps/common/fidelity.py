"""Where the ``android_world`` family's instances differ from AndroidWorld's own.

AndroidWorld's code, run for the same (task, suite seed), draws params and renders a
goal; droidhub's generators reproduce both exactly (``tests/test_aw_parity.py`` checks
it for every task, suite seeds 0..9 and instances 0..4 of each: 50 draws) except for the
tasks below. Each entry says which
parts differ (``params``, ``goal``), whether the difference is ``deliberate`` (droidhub
fixes a real AW defect or cannot reproduce the value by nature; a fix that keeps AW's
draws where AW's are sound may match AW on every fixture seed) or ``not yet
reproduced`` (droidhub should match and does not yet), and why. docs/fidelity.md shows
the same table; a test keeps the two equal, and ``droidhub list --json`` marks these
tasks with their entry under ``fidelity``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Difference:
    """How one task's instances differ from AndroidWorld's, and why."""

    #: Which of the instance's parts differ: ``params``, ``goal`` or both.
    parts: tuple[str, ...]
    #: ``deliberate`` or ``not yet reproduced``.
    kind: Literal["deliberate", "not yet reproduced"]
    #: One or two sentences: what differs and why.
    reason: str

    def as_json(self) -> dict[str, object]:
        """The entry as ``droidhub list --json`` shows it."""
        return {"parts": list(self.parts), "kind": self.kind, "reason": self.reason}


_PG = ("params", "goal")
_P = ("params",)
_G = ("goal",)

#: Every task whose params or goal differ from AndroidWorld's for the same seed.
DIFFERENCES: dict[str, Difference] = {
    # --- deliberate -------------------------------------------------------------------
    "MarkorCreateFolder": Difference(
        _PG,
        "deliberate",
        "AW names the folder after the wall clock at generation time, so the same seed "
        "gives a different instance on every run; droidhub draws the time from the seed.",
    ),
    "SimpleSmsSendReceivedAddress": Difference(
        _PG,
        "deliberate",
        "AW means to draw the sender's name apart from the recipient's, but its exclusion "
        "excludes nothing, so both can share a name; droidhub draws as AW does and draws "
        "again only when they would share one (2 of the 50 fixture draws: seed 8, "
        "instances 0 and 4).",
    ),
    "RecipeDeleteMultipleRecipesWithConstraint": Difference(
        _PG,
        "deliberate",
        "AW draws the ingredient from a list in which some occur in no recipe's directions "
        "(or, capitalised, never match its lower-cased search), leaving nothing to delete "
        "(14 of the 50 fixture draws); droidhub draws as AW does and, only then, goes on to "
        "an ingredient some recipe uses.",
    ),
    "RecipeDeleteDuplicateRecipes2": Difference(
        _P,
        "deliberate",
        "AW may draw a variant of the duplicated recipe equal to an earlier variant, a "
        "second pair of exact copies the goal says to thin out and AW's check forbids "
        "touching; droidhub draws as AW does and draws again only then (no fixture draw "
        "does: all 50 match AW).",
    ),
    "RecipeDeleteDuplicateRecipes3": Difference(
        _P,
        "deliberate",
        "As RecipeDeleteDuplicateRecipes2 (about 1 seed in 90 here, e.g. instance seed "
        "2462043763); all 50 fixture draws match AW.",
    ),
    "SaveCopyOfReceiptTaskEval": Difference(
        _P,
        "deliberate",
        "AW keeps the rendered receipt (a PIL image, drawn with its own font file) in params "
        "as receipt_image; droidhub keeps the receipt's text as receipt_text, which JSON "
        "can hold, and renders the picture at set-up.",
    ),
}
