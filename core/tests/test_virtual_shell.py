"""The virtual phone's command line: quoting, operators, redirections, expansion, and the
file commands, checked through ``VirtualPhone.shell`` against the sandbox folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from phone_shell import sh

from droidhub.device.client import join, quote
from droidhub.virtual.phone import VirtualPhone

# --- quoting ---------------------------------------------------------------------------
_TEXT = st.text(
    alphabet=st.characters(min_codepoint=1).filter(lambda c: not 0xD800 <= ord(c) <= 0xDFFF),
    max_size=40,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(args=st.lists(_TEXT, min_size=1, max_size=4))
def test_quoted_arguments_arrive_unchanged(phone: VirtualPhone, args: list[str]) -> None:
    # printf '%s\n' prints each argument on its own line, byte for byte.
    out = phone.shell(join(["printf", "%s\\n", *args]))
    assert out.exit_code == 0
    assert out.stdout.decode() == "".join(a + "\n" for a in args)


@pytest.mark.parametrize(
    "text",
    [
        "it's",
        "a;b && c || d",
        "$HOME $? `id` $(id)",
        "tab\there",
        "line1\nline2",
        "日本語 ✓ émoji 🎉",
        "back\\slash",
        "'",
        '"',
        "*",
        "> /sdcard/x",
        "#not a comment",
        "",
    ],
)
def test_metacharacters_inside_quotes_are_plain_text(phone: VirtualPhone, text: str) -> None:
    out, err, code = sh(phone, f"echo -E {quote(text)}")
    assert (out, err, code) == (text + "\n", "", 0)


def test_quote_forms_and_escapes(phone: VirtualPhone) -> None:
    assert sh(phone, "echo 'a b'  \"c  d\" e\\ f g\\'h")[0] == "a b c  d e f g'h\n"
    assert sh(phone, 'echo "x\\"y\\$z\\\\w"')[0] == 'x"y$z\\w\n'
    assert sh(phone, "echo ab''cd\"\"ef")[0] == "abcdef\n"
    assert sh(phone, "printf '[%s]' '' x")[0] == "[][x]"


def test_unterminated_quote_is_a_syntax_error(phone: VirtualPhone) -> None:
    out, err, code = sh(phone, "echo 'oops")
    assert code == 1 and out == ""
    assert err == "/system/bin/sh: syntax error: unterminated quoted string\n"


@pytest.mark.parametrize(
    "line",
    [
        "&& echo x",
        "echo a ;; echo b",
        "echo a |",
        "echo $(id)",
        "(echo a)",
        "function 1 { :; }",
        "for 1 in a; do :; done",
    ],
)
def test_malformed_lines_are_refused(phone: VirtualPhone, line: str) -> None:
    out, err, code = sh(phone, line)
    assert code != 0 and out == "" and "syntax error" in err


def test_a_line_sent_again_runs_again_and_a_bad_one_is_refused_again(phone: VirtualPhone) -> None:
    # Lines are remembered parsed: what they do is still worked out at each run.
    line = "echo x >> /sdcard/tally; cat /sdcard/tally | wc -l; echo n=$N"
    long_line = "echo " + "y" * 5000  # longer than the lines remembered
    runs = [line, line, "N=5; " + line, long_line, long_line]
    outputs = ["1\nn=\n", "2\nn=\n", "3\nn=5\n", "y" * 5000 + "\n", "y" * 5000 + "\n"]
    assert [sh(phone, run)[0] for run in runs] == outputs
    assert all("syntax error" in sh(phone, "echo a |")[1] for _ in range(2))


# --- operators and status ----------------------------------------------------------------
def test_sequences_and_conditionals(phone: VirtualPhone) -> None:
    assert sh(phone, "echo a; echo b")[0] == "a\nb\n"
    assert sh(phone, "true && echo yes || echo no")[0] == "yes\n"
    assert sh(phone, "false && echo yes || echo no")[0] == "no\n"
    assert sh(phone, "false; echo $?")[0] == "1\n"
    assert sh(phone, 'nosuch; echo "status $?"')[0] == "status 127\n"
    assert sh(phone, "! false")[2] == 0
    assert sh(phone, "echo a\necho b")[0] == "a\nb\n"
    assert sh(phone, "exit 3; echo never") == ("", "", 3)


def test_unknown_command_answers_like_android(phone: VirtualPhone) -> None:
    assert sh(phone, "nosuchtool /data/x.db") == (
        "",
        "/system/bin/sh: nosuchtool: inaccessible or not found\n",
        127,
    )
    assert sh(phone, "/system/bin/nosuch")[2] == 127


def test_pipes_feed_the_next_command(phone: VirtualPhone) -> None:
    assert sh(phone, "printf 'b\\na\\nc\\n' | sort | head -n 2")[0] == "a\nb\n"
    assert sh(phone, "getprop | grep -c ro.product.model")[0] == "1\n"
    assert sh(phone, "echo hello | grep -q nothing")[2] == 1


def test_variables_and_assignments(phone: VirtualPhone) -> None:
    assert sh(phone, "X=5; echo $X ${X}x \"$X\" '$X'")[0] == "5 5x 5 $X\n"
    assert sh(phone, "echo $UNSET end")[0] == "end\n"


# --- redirections ----------------------------------------------------------------------
def test_output_redirections_write_the_sandbox(phone: VirtualPhone) -> None:
    assert sh(phone, "echo one > /sdcard/f.txt; echo two >> /sdcard/f.txt")[2] == 0
    assert (phone.host_path("/storage/emulated/0/f.txt")).read_text() == "one\ntwo\n"
    assert sh(phone, "cat < /sdcard/f.txt")[0] == "one\ntwo\n"
    assert sh(phone, "cat /nope 2>/dev/null; echo $?") == ("1\n", "", 0)
    out, err, _ = sh(phone, "cat /nope 2>&1")
    assert out == "cat: /nope: No such file or directory\n" and err == ""
    out, err, code = sh(phone, "echo x > /no/dir/f")
    assert (
        code == 1 and err == "/system/bin/sh: can't create /no/dir/f: No such file or directory\n"
    )


def test_redirected_file_gets_the_phone_clock(phone: VirtualPhone) -> None:
    sh(phone, "echo x > /sdcard/t")
    out, _, _ = sh(phone, "stat -c %Y /sdcard/t")
    assert abs(int(out) - int(phone.now().timestamp())) <= 2


# --- globs -----------------------------------------------------------------------------
def test_globs_expand_unquoted_only(phone: VirtualPhone) -> None:
    sh(phone, "touch /sdcard/Download/a.txt /sdcard/Download/b.txt /sdcard/Download/c.jpg")
    assert (
        sh(phone, "echo /sdcard/Download/*.txt")[0]
        == "/sdcard/Download/a.txt /sdcard/Download/b.txt\n"
    )
    assert sh(phone, "echo '/sdcard/Download/*.txt'")[0] == "/sdcard/Download/*.txt\n"
    assert sh(phone, "echo /sdcard/Download/*.png")[0] == "/sdcard/Download/*.png\n"
    assert sh(phone, "rm /sdcard/Download/*; ls /sdcard/Download")[0] == ""


# --- files -----------------------------------------------------------------------------
def test_sdcard_aliases_share_one_folder(phone: VirtualPhone) -> None:
    sh(phone, "echo hi > /sdcard/Documents/n.txt")
    for alias in ("/storage/emulated/0", "/storage/self/primary", "/sdcard"):
        assert sh(phone, f"cat {alias}/Documents/n.txt")[0] == "hi\n"
    assert phone.host_path("/sdcard/Documents/n.txt") == phone.host_path(
        "/storage/emulated/0/Documents/n.txt"
    )


def test_host_path_refuses_escapes(phone: VirtualPhone) -> None:
    assert phone.host_path("/../../etc/passwd") == phone.root / "etc/passwd"
    with pytest.raises(ValueError, match="absolute"):
        phone.host_path("relative/path")


def test_standard_folders_exist(phone: VirtualPhone) -> None:
    listing = sh(phone, "ls /sdcard")[0].split()
    for folder in ("DCIM", "Pictures", "Download", "Documents", "Music", "Movies", "Recordings"):
        assert folder in listing
    for folder in ("/data/system", "/data/local/tmp", "/data/data/com.android.providers.telephony"):
        assert sh(phone, f"test -d {folder}")[2] == 0


def test_ls_forms(phone: VirtualPhone) -> None:
    sh(phone, "mkdir /sdcard/L && touch /sdcard/L/b /sdcard/L/.hidden /sdcard/L/a")
    assert sh(phone, "ls /sdcard/L")[0] == "a\nb\n"
    assert sh(phone, "ls -1 /sdcard/L")[0] == "a\nb\n"
    assert sh(phone, "ls -a /sdcard/L")[0] == ".\n..\n.hidden\na\nb\n"
    long = sh(phone, "ls -l /sdcard/L")[0].splitlines()
    assert long[0].startswith("total ")
    assert long[1].startswith("-rw") and long[1].endswith(" 2023-10-15 15:34 a")
    assert sh(phone, "ls /sdcard/L/a")[0] == "/sdcard/L/a\n"
    assert sh(phone, "ls /nope") == ("", "ls: /nope: No such file or directory\n", 1)


def test_mkdir_rm_mv_cp_touch(phone: VirtualPhone) -> None:
    assert sh(phone, "mkdir /sdcard/A") == ("", "", 0)
    assert sh(phone, "mkdir /sdcard/A") == ("", "mkdir: '/sdcard/A': File exists\n", 1)
    assert sh(phone, "mkdir /sdcard/X/Y")[2] == 1
    assert sh(phone, "mkdir -p /sdcard/X/Y/Z && test -d /sdcard/X/Y/Z")[2] == 0
    sh(phone, "echo data > /sdcard/A/f")
    assert sh(phone, "cp /sdcard/A/f /sdcard/A/g && cat /sdcard/A/g")[0] == "data\n"
    assert sh(phone, "cp /sdcard/A /sdcard/B")[2] == 1
    assert sh(phone, "cp -r /sdcard/A /sdcard/B && cat /sdcard/B/f")[0] == "data\n"
    assert sh(phone, "mv /sdcard/B/f /sdcard/moved && test -e /sdcard/B/f")[2] == 1
    assert sh(phone, "cat /sdcard/moved")[0] == "data\n"
    assert sh(phone, "mv /sdcard/none /sdcard/x") == (
        "",
        "mv: bad '/sdcard/none': No such file or directory\n",
        1,
    )
    assert sh(phone, "rm /sdcard/A") == ("", "rm: /sdcard/A: Is a directory\n", 1)
    assert sh(phone, "rm -r /sdcard/A && test -e /sdcard/A")[2] == 1
    assert sh(phone, "rm /sdcard/none")[2] == 1
    assert sh(phone, "rm -f /sdcard/none")[2] == 0
    assert sh(phone, "touch /sdcard/new && test -f /sdcard/new")[2] == 0
    assert sh(phone, "touch /no/dir/x")[2] == 1


def test_stat_formats(phone: VirtualPhone) -> None:
    sh(phone, "printf abc > /sdcard/s")
    assert sh(phone, "stat -c '%n %s %F' /sdcard/s")[0] == "/sdcard/s 3 regular file\n"
    assert sh(phone, "stat -c %F /sdcard/Download")[0] == "directory\n"
    assert sh(phone, "touch /sdcard/e; stat -c %F /sdcard/e")[0] == "regular empty file\n"
    assert "2023-10-15 15:34:" in sh(phone, "stat -c %y /sdcard/s")[0]
    assert sh(phone, "stat /nope") == ("", "stat: '/nope': No such file or directory\n", 1)
    assert "  File: '/sdcard/s'" in sh(phone, "stat /sdcard/s")[0]


def test_test_and_digests(phone: VirtualPhone) -> None:
    sh(phone, "printf abc > /sdcard/h")
    assert sh(phone, "[ -f /sdcard/h ] && [ ! -d /sdcard/h ] && [ -s /sdcard/h ]")[2] == 0
    assert sh(phone, "test -e /sdcard/nope")[2] == 1
    assert sh(phone, "[ 3 -gt 2 -a abc = abc ]")[2] == 0
    assert sh(phone, "[ -f /sdcard/h")[2] == 2
    assert sh(phone, "sha256sum /sdcard/h")[0] == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  /sdcard/h\n"
    )
    assert sh(phone, "md5sum /sdcard/h")[0] == "900150983cd24fb0d6963f7d28e17f72  /sdcard/h\n"


def test_chmod_succeeds_only_on_existing_paths(phone: VirtualPhone) -> None:
    sh(phone, "touch /sdcard/c")
    assert sh(phone, "chmod 644 /sdcard/c")[2] == 0
    assert sh(phone, "chown root:root /sdcard/c")[2] == 0
    assert sh(phone, "chmod 644 /sdcard/none")[2] == 1


def test_identity_and_helpers(phone: VirtualPhone) -> None:
    assert sh(phone, "whoami")[0] == "root\n"
    assert sh(phone, "id")[0].startswith("uid=0(root) gid=0(root)")
    assert sh(phone, "which ls")[0] == "/system/bin/ls\n"
    assert sh(phone, "which nosuchtool") == ("", "", 1)
    assert sh(phone, "sleep 0.01")[2] == 0
    assert sh(phone, "cd /sdcard/Download && pwd && touch rel && ls /sdcard/Download")[0] == (
        "/sdcard/Download\nrel\n"
    )
    assert sh(phone, "sh -c 'echo inner; exit 4'; echo $?")[0] == "inner\n4\n"
    assert sh(phone, "su 0 settings get global wifi_on")[0] == "1\n"


def test_text_filters(phone: VirtualPhone) -> None:
    sh(phone, "printf 'alpha\\nbeta\\ngamma\\n' > /sdcard/w")
    assert sh(phone, "grep -n a /sdcard/w")[0] == "1:alpha\n2:beta\n3:gamma\n"
    assert sh(phone, "grep -E '^(al|ga)' /sdcard/w")[0] == "alpha\ngamma\n"
    assert sh(phone, "grep -v a /sdcard/w; echo $?")[0] == "1\n"
    assert sh(phone, "tail -n 1 /sdcard/w")[0] == "gamma\n"
    assert sh(phone, "wc -l /sdcard/w")[0] == "3 /sdcard/w\n"
    assert sh(phone, "wc -l /sdcard/w /sdcard/w")[0] == "3 /sdcard/w\n3 /sdcard/w\n6 total\n"
    assert sh(phone, "cat /sdcard/w | wc -c")[0] == "17\n"


@pytest.mark.parametrize(
    ("command", "out"),
    [
        ("head -n 2 /sdcard/w", "alpha\nbeta\n"),
        ("head -2 /sdcard/w", "alpha\nbeta\n"),
        ("head -c 7 /sdcard/w", "alpha\nb"),
        ("head -c7 /sdcard/w", "alpha\nb"),
        ("head -n 0 /sdcard/w", ""),
        ("head -n 9 /sdcard/w", "alpha\nbeta\ngamma\ndelta"),
        (
            "head /sdcard/w /sdcard/v",
            "==> /sdcard/w <==\nalpha\nbeta\ngamma\ndelta\n==> /sdcard/v <==\none\ntwo\n",
        ),
        ("head -q /sdcard/w /sdcard/v", "alpha\nbeta\ngamma\ndeltaone\ntwo\n"),
        ("head -v /sdcard/v", "==> /sdcard/v <==\none\ntwo\n"),
        ("cat /sdcard/w | head -c 4", "alph"),
        ("tail -n 2 /sdcard/w", "gamma\ndelta"),
        ("tail -2 /sdcard/w", "gamma\ndelta"),
        ("tail +2 /sdcard/w", "beta\ngamma\ndelta"),
        ("tail -n +3 /sdcard/w", "gamma\ndelta"),
        ("tail -c 3 /sdcard/w", "lta"),
        ("tail -c +3 /sdcard/v", "e\ntwo\n"),
        ("tail --bytes=2 /sdcard/v", "o\n"),
        ("tail -n 0 /sdcard/w", ""),
        ("tail -n 99 /sdcard/v", "one\ntwo\n"),
        (
            "tail /sdcard/v /sdcard/v",
            "==> /sdcard/v <==\none\ntwo\n\n==> /sdcard/v <==\none\ntwo\n",
        ),
    ],
)
def test_head_and_tail_count_lines_and_bytes_as_toybox_does(
    phone: VirtualPhone, command: str, out: str
) -> None:
    # Expected outputs checked against GNU coreutils, which agrees with toybox on these.
    sh(
        phone,
        "printf 'alpha\\nbeta\\ngamma\\ndelta' > /sdcard/w; printf 'one\\ntwo\\n' > /sdcard/v",
    )
    assert sh(phone, command) == (out, "", 0)


@pytest.mark.parametrize(
    ("command", "out"),
    [
        ("basename /a/b.txt .txt", "b\n"),
        ("basename /a/b/", "b\n"),
        ("basename /", "/\n"),
        ("basename -s .txt /x/a.txt /y/b.txt", "a\nb\n"),
        ("basename -a /x/a /y/b", "a\nb\n"),
        ("dirname /a/b/c", "/a/b\n"),
        ("dirname /a/b/", "/a\n"),
        ("dirname a", ".\n"),
        ("dirname /a", "/\n"),
        ("dirname a/b /c/d", "a\n/c\n"),
    ],
)
def test_basename_and_dirname_cut_paths_as_libc_does(
    phone: VirtualPhone, command: str, out: str
) -> None:
    # Expected outputs checked against GNU coreutils, which agrees with toybox on these.
    assert sh(phone, command) == (out, "", 0)


def test_tee_copies_stdin_to_stdout_and_each_file(phone: VirtualPhone) -> None:
    assert sh(phone, "echo hi | tee /sdcard/t") == ("hi\n", "", 0)
    assert sh(phone, "echo more | tee -a /sdcard/t /sdcard/u") == ("more\n", "", 0)
    assert sh(phone, "cat /sdcard/t; cat /sdcard/u")[0] == "hi\nmore\nmore\n"
    assert sh(phone, "echo x | tee /sdcard/none/f /sdcard/t; echo $?") == (
        "x\n1\n",
        "tee: /sdcard/none/f: No such file or directory\n",
        0,
    )
    assert sh(phone, "cat /sdcard/t")[0] == "x\n"  # the other file is still written
    assert sh(phone, "echo y | tee /sdcard; echo $?") == (
        "y\n1\n",
        "tee: /sdcard: Is a directory\n",
        0,
    )


def test_a_dump_piped_to_head_c_gives_its_first_bytes(phone: VirtualPhone) -> None:
    assert sh(phone, "uiautomator dump /dev/tty | head -c 14")[0] == "<?xml version="


def test_echo_interprets_escapes_like_mksh(phone: VirtualPhone) -> None:
    assert sh(phone, "echo 'a\\tb'")[0] == "a\tb\n"
    assert sh(phone, "echo -n x")[0] == "x"
    assert sh(phone, "echo -E 'a\\tb'")[0] == "a\\tb\n"


def test_touch_sets_given_times(phone: VirtualPhone) -> None:
    sh(phone, "touch -d '2023-10-01 12:00:00' /sdcard/a.txt")
    assert sh(phone, "stat -c %y /sdcard/a.txt")[0] == "2023-10-01 12:00:00.000000000 +0000\n"
    sh(phone, "touch -t 202310021230.15 /sdcard/b.txt")
    assert sh(phone, "stat -c %Y /sdcard/b.txt")[0] == "1696249815\n"
    assert sh(phone, "touch -d yesterday /sdcard/c")[2] == 1


@pytest.mark.parametrize("command", ["touch /sdcard/m -d", "stat /sdcard -c", "stat --format"])
def test_an_option_without_its_value_fails_as_toybox_does(
    phone: VirtualPhone, command: str
) -> None:
    _, err, status = sh(phone, command)
    option = command.split()[-1]
    assert (err, status) == (f"{command.split()[0]}: Missing argument to {option}\n", 1)
    assert sh(phone, "ls /sdcard/m")[2] == 1  # touch created nothing


@pytest.mark.parametrize(
    ("command", "err", "status"),
    [
        ("mkdir", "mkdir: Needs 1 argument\n", 1),
        ("cp /sdcard/a", "cp: Needs 2 arguments\n", 1),
        ("ln -Q a b", "ln: Unknown option 'Q' (see \"ln --help\")\n", 1),
        ("head -n x", "head: bad -n\n", 1),
        ("tail -c", "tail: Missing argument to -c\n", 1),
        ("basename", "basename: Needs 1 argument\n", 1),
        ("basename a b c", "basename: too many args\n", 1),
        ("wc /sdcard/none", "wc: /sdcard/none: No such file or directory\n", 1),
        ("grep x /sdcard/none", "grep: /sdcard/none: No such file or directory\n", 2),
        ("stat -c %Q /sdcard /sdcard", "stat: bad -c '%Q' at '%Q'\n", 1),
    ],
)
def test_a_command_refused_before_its_work_says_why_with_toybox_status(
    phone: VirtualPhone, command: str, err: str, status: int
) -> None:
    assert sh(phone, command + "; echo after $?") == (f"after {status}\n", err, 0)


def test_find(phone: VirtualPhone) -> None:
    sh(phone, "mkdir -p /sdcard/F/sub && touch /sdcard/F/a.txt /sdcard/F/sub/b.TXT /sdcard/F/c.jpg")
    assert sh(phone, "find /sdcard/F -name '*.txt'")[0] == "/sdcard/F/a.txt\n"
    assert sh(phone, "find /sdcard/F -iname '*.txt'")[0] == "/sdcard/F/a.txt\n/sdcard/F/sub/b.TXT\n"
    assert sh(phone, "find /sdcard/F -type d")[0] == "/sdcard/F\n/sdcard/F/sub\n"
    assert (
        sh(phone, "find /sdcard/F -maxdepth 1 -type f")[0] == "/sdcard/F/a.txt\n/sdcard/F/c.jpg\n"
    )
    assert sh(phone, "find /sdcard/none")[2] == 1


def test_symlinks_cannot_lead_out_of_the_sandbox(phone: VirtualPhone, tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("host file")
    (phone.host_path("/sdcard/Download") / "link").symlink_to(outside)
    with pytest.raises(ValueError, match="symlink"):
        phone.host_path("/sdcard/Download/link")
    out, err, code = sh(phone, "cat /sdcard/Download/link")
    assert (out, err, code) == ("", "cat: /sdcard/Download/link: Permission denied\n", 1)


def test_a_path_through_a_link_is_checked_where_the_link_leads(
    phone: VirtualPhone, tmp_path: Path
) -> None:
    (tmp_path / "out").mkdir()
    download = phone.host_path("/sdcard/Download")
    (download / "away").symlink_to(tmp_path / "out")  # a folder link leading out
    (download / "near").symlink_to(phone.host_path("/sdcard/Music"))  # one staying in
    for beyond in ("/sdcard/Download/away/x.txt", "/sdcard/Download/away/new/deeper"):
        with pytest.raises(ValueError, match="symlink"):
            phone.host_path(beyond)
    assert phone.host_path("/sdcard/Download/near/song.mp3") == download / "near/song.mp3"
    assert phone.host_path("/sdcard/Download/none/x") == download / "none/x"
    assert sh(phone, "touch /sdcard/Download/away/x.txt")[2] == 1
    assert not (tmp_path / "out" / "x.txt").exists()
