"""The stand-in of AndroidWorld's ``env/json_action.py`` that the compat tests write
beside their agents: the ``JSONAction`` dataclass AW's agents hand to
``env.execute_action``, with AW's field names (a fact of AW's interface, kept in one
place for both tests)."""

JSON_ACTION = """
import dataclasses


@dataclasses.dataclass()
class JSONAction:
    action_type: str | None = None
    index: str | int | None = None
    x: int | None = None
    y: int | None = None
    text: str | None = None
    direction: str | None = None
    goal_status: str | None = None
    app_name: str | None = None
    keycode: str | None = None
    clear_text: bool | None = None
"""
