"""Run the answer table of ``tests/test_ir_answers.py`` through AndroidWorld's own judge.

Every row of ``CASES`` (match types, truth, tolerance, reply, verdict) is given to AW's
``proto_utils.check_agent_answer`` with the truth as its expected answers and the row's
match types (``string`` -> STRING_MATCH, ``number`` -> NUMBER_MATCH with the tolerance,
``date`` -> DATE_MATCH, ``time`` -> TIME_MATCH); the script prints every row whose
verdict differs from AW's. Run it in AW's interpreter, set up as
``aw_parity_fixture.py``'s docstring says (only protobuf and the compiled IR protos are
needed)::

    PYTHONPATH=/tmp/awsrc /tmp/awvenv/bin/python plugins/aw_apps/tools/aw_answer_check.py \
        plugins/aw_apps/tests/test_ir_answers.py
"""

from __future__ import annotations

import ast
import sys
from typing import Any


def _cases(path: str) -> list[tuple[tuple[str, ...], str, float | None, str, bool]]:
    """The ``CASES`` literal of the test module at ``path``."""
    with open(path, encoding="utf-8") as fh:
        source = fh.read()
    for node in ast.parse(source).body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "CASES":
            return ast.literal_eval(node.value)
    raise SystemExit(f"no CASES table in {path}")


def main() -> int:
    """Compare the table with AW's verdicts; non-zero exit if any differs."""
    from android_world.task_evals.information_retrieval import proto_utils
    from android_world.task_evals.information_retrieval.proto import task_pb2

    kinds = task_pb2.Expectation.MatchType
    cases = _cases(sys.argv[1])
    bad = 0
    types = {
        "string": kinds.STRING_MATCH,
        "number": kinds.NUMBER_MATCH,
        "date": kinds.DATE_MATCH,
        "time": kinds.TIME_MATCH,
    }
    for matches, truth, tolerance, reply, accepted in cases:
        task = task_pb2.Task()
        expectations = task.success_criteria.expectations
        for match in matches:
            expectations.add(match_type=types[match])
        if tolerance is not None:
            expectations[0].tolerance = tolerance
        parts = [t.strip() for t in truth.split(",")]
        expected: list[Any] = proto_utils._cast_answers_to_type([types[m] for m in matches], parts)
        # The truth as AW would have read it off the app's state.
        proto_utils.get_expected_answer = lambda _task, expected=expected: expected
        verdict = False  # AW scores an empty answer 0 before matching
        if reply:
            try:
                verdict = proto_utils.check_agent_answer(reply, task)
            except ValueError:
                verdict = False
        if verdict != accepted:
            bad += 1
            print(f"differs: {matches} {truth!r} {reply!r}: table {accepted}, AW {verdict}")
    print(f"{len(cases)} cases, {bad} differ from AW")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
