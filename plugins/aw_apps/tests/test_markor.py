"""Markor tasks on the virtual phone: oracle, do-nothing and near misses, plus set-up
and tear-down of the notes folder."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from episodes import near_miss_scores_zero, noop_fails_and_oracle_succeeds
from task_runs import make, score, set_up

from droidhub import Env, TaskEval
from droidhub_aw_apps import markor
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.markor import model as notes
from droidhub_aw_apps.markor.text_tasks import RECEIPT_IMAGE

MARKOR = notes.MARKOR_DATA


def _writes_note(name: str, text: str) -> Callable[[Env], None]:
    """What a user does who writes ``text`` to note ``name``."""
    return lambda env: notes.write_note(env.device, name, text)


def _notes(env: Env) -> list[str]:
    return [p.rsplit("/", 1)[1] for p in notes.storage_files(env.device, MARKOR)]


@pytest.mark.parametrize("cls", markor.TASKS, ids=lambda c: c.__name__)
def test_params_are_deterministic_and_valid(cls: type[TaskEval]) -> None:
    one = cls.generate_random_params(random.Random(42))
    two = cls.generate_random_params(random.Random(42))
    assert one == two
    assert cls(one.model_dump()).goal == cls(two).goal
    assert "{" not in cls(one).goal


def test_tear_down_restores_the_users_notes(virtual_env: Env) -> None:
    dev = virtual_env.device
    dev.write_text(f"{MARKOR}/mine.md", "my own note\n")
    dev.mkdir(f"{MARKOR}/Projects")
    task = make(markor.MarkorDeleteAllNotes)
    task.initialize_task(virtual_env)
    assert "mine.md" not in _notes(virtual_env) and _notes(virtual_env)
    task.oracle(virtual_env)
    task.tear_down(virtual_env)
    assert dev.listdir(MARKOR) == ["Projects", "mine.md"]
    assert dev.read_text(f"{MARKOR}/mine.md") == "my own note\n"


def test_add_header_near_miss_no_blank_line(virtual_env: Env) -> None:
    task = make(markor.MarkorAddNoteHeader)
    p = task.params

    def act(env: Env) -> None:
        env.device.write_text(f"{MARKOR}/{p.new_name}", f"{p.header}\n{p.original_content}\n")
        env.device.remove(f"{MARKOR}/{p.original_name}")

    near_miss_scores_zero(virtual_env, task, act)


def test_add_header_near_miss_copied_not_renamed(virtual_env: Env) -> None:
    task = make(markor.MarkorAddNoteHeader)
    p = task.params

    def act(env: Env) -> None:
        env.device.write_text(f"{MARKOR}/{p.new_name}", f"{p.header}\n\n{p.original_content}\n")

    assert score(virtual_env, task, act) == 0.0


def test_change_content_near_miss_old_note_kept(virtual_env: Env) -> None:
    task = make(markor.MarkorChangeNoteContent)
    p = task.params

    def act(env: Env) -> None:
        notes.write_note(env.device, p.new_name, p.updated_content)

    near_miss_scores_zero(virtual_env, task, act)


def test_create_folder_near_miss_outside_markor(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateFolder)

    def act(env: Env) -> None:
        env.device.mkdir(f"/storage/emulated/0/Documents/{task.params.folder_name}")

    assert score(virtual_env, task, act) == 0.0
    virtual_env.device.remove(f"/storage/emulated/0/Documents/{task.params.folder_name}")
    noop_fails_and_oracle_succeeds(virtual_env, task)


def test_create_note_tolerates_a_typo_but_not_another_text(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateNote)
    p = task.params
    typo = p.text[:-1] + ("x" if p.text[-1] != "x" else "y")
    assert score(virtual_env, task, _writes_note(p.file_name, typo))
    task = make(markor.MarkorCreateNote)
    other = "Completely unrelated words here."
    assert score(virtual_env, task, _writes_note(p.file_name, other)) == 0.0


def test_create_note_near_miss_wrong_extension(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateNote)
    p = task.params
    stem, _, ext = p.file_name.rpartition(".")
    wrong = f"{stem}.{'txt' if ext == 'md' else 'md'}"
    near_miss_scores_zero(virtual_env, task, _writes_note(wrong, p.text))


def test_note_from_clipboard_reads_the_clipboard_set_up_left(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateNoteFromClipboard)
    virtual_env.reset()
    clipboard.write_clipboard(virtual_env.device, "before")
    task.initialize_task(virtual_env)
    try:
        assert clipboard.read_clipboard(virtual_env.device) == task.params.file_content
    finally:
        task.tear_down(virtual_env)
    assert clipboard.read_clipboard(virtual_env.device) == "before"


def test_note_from_clipboard_near_miss_typed_the_file_name(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateNoteFromClipboard)
    name = task.params.file_name
    near_miss_scores_zero(virtual_env, task, _writes_note(name, name))


def test_delete_all_near_miss_one_left(virtual_env: Env) -> None:
    task = make(markor.MarkorDeleteAllNotes)

    def act(env: Env) -> None:
        for path in notes.storage_files(env.device, MARKOR)[1:]:
            env.device.remove(path)

    near_miss_scores_zero(virtual_env, task, act)


def test_delete_newest_notes_have_distinct_times_and_clock_is_back(virtual_env: Env) -> None:
    task = make(markor.MarkorDeleteNewestNote, seed=5)
    virtual_env.reset()
    before = virtual_env.device.now()
    task.initialize_task(virtual_env)
    try:
        times = list(task.initial_files.values())
        assert len(times) >= 2 and len(set(times)) == len(times)
        assert abs((virtual_env.device.now() - before).total_seconds()) < 60
    finally:
        task.tear_down(virtual_env)


def test_delete_newest_near_miss_oldest_deleted(virtual_env: Env) -> None:
    task = make(markor.MarkorDeleteNewestNote, seed=5)

    def act(env: Env) -> None:
        oldest = min(task.initial_files, key=lambda n: task.initial_files[n])
        env.device.remove(f"{MARKOR}/{oldest}")

    near_miss_scores_zero(virtual_env, task, act)


def test_delete_note_near_miss_look_alike_deleted(virtual_env: Env) -> None:
    task = make(markor.MarkorDeleteNote)

    def act(env: Env) -> None:
        other = next(n for n in _notes(env) if n != task.params.file_name)
        env.device.remove(f"{MARKOR}/{other}")

    near_miss_scores_zero(virtual_env, task, act)


def _edit_task(kind: str) -> markor.MarkorEditNote:
    for seed in range(100):
        task = make(markor.MarkorEditNote, seed=seed)
        if task.params.edit_type == kind:
            return task
    raise AssertionError(f"no seed below 100 gives edit_type {kind}")


def test_edit_note_every_kind_of_edit(virtual_env: Env) -> None:
    for kind in ("header", "footer", "replace"):
        task = _edit_task(kind)
        assert score(virtual_env, task, task.oracle) == 1.0, kind


def test_edit_note_near_miss_header_put_at_the_bottom(virtual_env: Env) -> None:
    task = _edit_task("header")
    p = task.params
    wrong = f"{task.original_content()}\n{p.header}"
    near_miss_scores_zero(virtual_env, task, _writes_note(p.file_name, wrong))


def test_merge_near_miss_no_blank_lines(virtual_env: Env) -> None:
    task = make(markor.MarkorMergeNotes)
    p = task.params
    merged = "\n".join([p.file1_content, p.file2_content, p.file3_content])
    near_miss_scores_zero(virtual_env, task, _writes_note(p.new_file_name, merged))


def test_move_near_miss_copied_not_moved(virtual_env: Env) -> None:
    task = make(markor.MarkorMoveNote)
    p = task.params

    def act(env: Env) -> None:
        source = f"{MARKOR}/{p.source_folder}/{p.file_name}"
        env.device.push(env.device.pull(source), f"{MARKOR}/{p.destination_folder}/{p.file_name}")

    near_miss_scores_zero(virtual_env, task, act)


def test_transcribe_receipt_puts_the_picture_in_the_gallery(virtual_env: Env) -> None:
    task = make(markor.MarkorTranscribeReceipt)
    with set_up(virtual_env, task):
        assert virtual_env.device.pull(RECEIPT_IMAGE)[:8] == b"\x89PNG\r\n\x1a\n"
    assert not virtual_env.device.exists(RECEIPT_IMAGE)


def test_transcribe_receipt_near_miss_transaction_left_out(virtual_env: Env) -> None:
    # With many lines one missing line stays within AndroidWorld's 0.9 similarity; take a
    # receipt of two transactions, where leaving one out is a real miss.
    task = next(
        t
        for t in (make(markor.MarkorTranscribeReceipt, seed=s) for s in range(100))
        if t.params.text.count("\n") == 2
    )
    partial = "\n".join(task.params.text.split("\n")[:-1])
    near_miss_scores_zero(virtual_env, task, _writes_note("receipt.md", partial))


def test_transcribe_video_near_miss_a_name_missing(virtual_env: Env) -> None:
    task = make(markor.MarkorTranscribeVideo)
    p = task.params
    partial = ",".join(p.messages[1:])
    near_miss_scores_zero(virtual_env, task, _writes_note(p.file_name, partial))


def test_transcribe_video_writes_the_videos_to_download(virtual_env: Env) -> None:
    task = make(markor.MarkorTranscribeVideo)
    with set_up(virtual_env, task):
        names = virtual_env.device.listdir(notes.DOWNLOAD_DATA)
        assert task.params.video_name in names and len(names) >= 5
    assert virtual_env.device.listdir(notes.DOWNLOAD_DATA) == []
