"""Contacts tasks on the virtual phone."""

from __future__ import annotations

import random

from episodes import noop_fails_and_oracle_succeeds
from task_runs import make, open_app, score

from droidhub import Action, Env, Observe
from droidhub_aw_apps.contacts import model as people
from droidhub_aw_apps.contacts import tasks as contacts


def test_add_contact(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(contacts.ContactsAddContact))
    assert people.list_contacts(virtual_env.device) == []


def test_add_contact_near_miss_wrong_digit(virtual_env: Env) -> None:
    task = make(contacts.ContactsAddContact)
    number = task.params.number[:-1] + str((int(task.params.number[-1]) + 3) % 10)
    act = lambda env: people.add_contact(env.device, task.params.name, number)  # noqa: E731
    assert score(virtual_env, task, act) == 0.0


def test_add_contact_near_miss_misspelled_name(virtual_env: Env) -> None:
    task = contacts.ContactsAddContact({"name": "Emma Garcia", "number": "+12025550143"})
    act = lambda env: people.add_contact(env.device, "Ema Garcia", "+1 202-555-0143")  # noqa: E731
    assert score(virtual_env, task, act) == 0.0


def test_add_contact_formatting_of_the_number_does_not_matter(virtual_env: Env) -> None:
    task = contacts.ContactsAddContact({"name": "Emma Garcia", "number": "+12025550143"})
    act = lambda env: people.add_contact(env.device, "Emma Garcia", "+1 202-555-0143")  # noqa: E731
    assert score(virtual_env, task, act) == 1.0


def test_new_contact_draft(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(contacts.ContactsNewContactDraft))


def test_new_contact_draft_typed_in_by_an_agent(virtual_env: Env) -> None:
    task = contacts.ContactsNewContactDraft(
        {"first": "Grace", "last": "Lee", "phone": "555-123-4567", "phone_label": "Work"}
    )

    def tap(env: Env, **match: str) -> None:
        for index, element in enumerate(env.get_state(observe=Observe.UI_TREE).ui_elements):
            if all(getattr(element, k) == v for k, v in match.items()):
                env.execute_action(Action(action_type="click", index=index))
                return
        raise AssertionError(f"nothing matches {match}")

    def act(env: Env) -> None:
        open_app(env, "contacts")
        tap(env, content_description="Create contact")
        for index, value in enumerate(("Grace", "Lee", "555-123-4567")):
            state = env.get_state(observe=Observe.UI_TREE)
            fields = [i for i, e in enumerate(state.ui_elements) if e.editable]
            env.execute_action(Action(action_type="input_text", index=fields[index], text=value))
        tap(env, text="Mobile")  # the label spinner's drop-down
        tap(env, text="Work")

    assert score(virtual_env, task, act) == 1.0


def test_add_contact_saved_in_the_editor(virtual_env: Env) -> None:
    task = contacts.ContactsAddContact({"name": "Emma Garcia", "number": "+12025550143"})
    draft = contacts.ContactsNewContactDraft(
        {"first": "Emma", "last": "Garcia", "phone": "+12025550143", "phone_label": "Home"}
    )

    def act(env: Env) -> None:
        draft.oracle(env)
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        save = next(i for i, e in enumerate(elements) if e.text == "SAVE")
        env.execute_action(Action(action_type="click", index=save))

    assert score(virtual_env, task, act) == 1.0
    # Saving leaves the form: the draft task would now fail.
    assert contacts.contact_form_filled(virtual_env, "Emma", "Garcia", "+12025550143", "Home") == 0


def test_new_contact_draft_near_miss_wrong_label(virtual_env: Env) -> None:
    task = contacts.ContactsNewContactDraft(
        {"first": "Grace", "last": "Lee", "phone": "555-123-4567", "phone_label": "Work"}
    )
    home = contacts.ContactsNewContactDraft(
        {"first": "Grace", "last": "Lee", "phone": "555-123-4567", "phone_label": "Home"}
    )
    assert score(virtual_env, task, home.oracle) == 0.0


def test_params_are_deterministic_and_never_mobile() -> None:
    labels = set()
    for seed in range(40):
        params = contacts.ContactsNewContactDraft.generate_random_params(random.Random(seed))
        assert params == contacts.ContactsNewContactDraft.generate_random_params(
            random.Random(seed)
        )
        labels.add(params.phone_label)
    assert labels == {"Home", "Work"}
