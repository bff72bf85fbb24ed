"""``settings``, ``svc`` and ``content``, with Android 13's output and exit status."""

from __future__ import annotations

from droidhub.virtual.commands.invocation import Invocation, command
from droidhub.virtual.providers import ContentUri, ProviderError, Value

_SETTINGS_USAGE = "usage:  settings [--user <USER_ID> | current] get namespace key"


@command("settings")
def settings(inv: Invocation) -> int:
    """``settings get|put|delete|list NAMESPACE [KEY [VALUE]]``."""
    args = list(inv.args)
    if len(args) >= 2 and args[0] == "--user":
        del args[:2]
    if len(args) < 2:
        inv.eprint(_SETTINGS_USAGE)
        return 255
    verb, namespace, rest = args[0], args[1], args[2:]
    store = inv.phone.settings
    if namespace not in store.namespaces():
        inv.eprint(f"Invalid namespace '{namespace}'")
        inv.eprint(_SETTINGS_USAGE)
        return 255
    if verb == "get" and len(rest) == 1:
        value = store.get(namespace, rest[0])
        inv.print("null" if value is None else value)
        return 0
    if verb == "put" and len(rest) >= 2:
        # `settings put NS KEY VALUE [TAG] [default]`: the tag is accepted and ignored.
        store.put(namespace, rest[0], rest[1])
        return 0
    if verb == "delete" and len(rest) == 1:
        deleted = store.delete(namespace, rest[0])
        inv.print(f"Deleted {1 if deleted else 0} rows")
        return 0
    if verb == "list" and not rest:
        for key, value in store.items(namespace):
            inv.print(f"{key}={value}")
        return 0
    if verb == "reset":
        return 0
    inv.eprint(_SETTINGS_USAGE)
    return 255


_SVC_SETTINGS = {"wifi": "wifi_on", "bluetooth": "bluetooth_on", "data": "mobile_data"}


@command("svc")
def svc(inv: Invocation) -> int:
    """``svc wifi|bluetooth|data enable|disable``: flips the matching global setting."""
    args = inv.args
    if len(args) == 2 and args[0] in _SVC_SETTINGS and args[1] in ("enable", "disable"):
        inv.phone.settings.put(
            "global", _SVC_SETTINGS[args[0]], "1" if args[1] == "enable" else "0"
        )
        return 0
    if len(args) >= 1 and args[0] == "power" and args[1:2] == ["stayon"]:
        return 0
    inv.print("Available commands:")
    for name in ("bluetooth", "data", "power", "wifi"):
        inv.print(f"    {name:<10} Control the {name} service")
    return 0 if not args else 1


# --- content ---------------------------------------------------------------------------
def _bind_value(kind: str, text: str) -> Value:
    if kind == "s":
        return text
    if kind in ("i", "l"):
        return int(text)
    if kind in ("f", "d"):
        return float(text)
    if kind == "b":
        return text.lower() == "true"
    if kind == "n":
        return None
    raise ValueError(f"Unsupported type: {kind}")


def _format_value(value: object) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return "BLOB"
    if isinstance(value, float) and value.is_integer():
        return repr(value)
    return str(value)


_ContentOptions = tuple[str | None, list[str] | None, str | None, str | None, dict[str, Value]]
_CONTENT_OPTIONS = (
    "--uri",
    "--projection",
    "--where",
    "--sort",
    "--bind",
    "--user",
    "--extra",
    "--arg",
    "--method",
)


def _content_options(inv: Invocation, args: list[str]) -> _ContentOptions | None:
    """``content``'s options: (uri, projection, where, sort, binds); None after an error."""
    uri: str | None = None
    projection: list[str] | None = None
    where: str | None = None
    sort: str | None = None
    binds: dict[str, Value] = {}
    while args:
        option = args.pop(0)
        if option not in _CONTENT_OPTIONS:
            inv.eprint(f"Error: Unsupported argument: {option}")
            return None
        if not args:
            inv.eprint(f'Error: Argument expected after "{option}"')
            return None
        value = args.pop(0)
        if option == "--uri":
            uri = value
        elif option == "--projection":
            projection = [p for p in value.split(":") if p]
        elif option == "--where":
            where = value
        elif option == "--sort":
            sort = value
        elif option == "--bind":
            name, _, rest = value.partition(":")
            kind, sep, text = rest.partition(":")
            if not name or not kind or (not sep and kind != "n"):
                inv.eprint(f"Error: Invalid binding: {value}")
                return None
            try:
                binds[name] = _bind_value(kind, text)
            except ValueError:
                inv.eprint(f"Error: Invalid binding: {value}")
                return None
    return uri, projection, where, sort, binds


@command("content")
def content(inv: Invocation) -> int:
    """``content query|insert|update|delete --uri URI [--projection a:b] [--where W]
    [--sort S] [--bind name:type:value]...``."""
    if not inv.args:
        inv.eprint("usage: adb shell content [subcommand] [options]")
        return 1
    verb = inv.args[0]
    options = _content_options(inv, list(inv.args[1:]))
    if options is None:
        return 1
    uri, projection, where, sort, binds = options
    if uri is None:
        inv.eprint("Error: Content provider URI not specified. Did you specify --uri argument?")
        return 1
    try:
        authority = ContentUri.parse(uri).authority
    except ProviderError as exc:
        inv.eprint(f"Error: {exc}")
        return 1
    provider = inv.phone.provider(authority)
    if provider is None:
        inv.eprint(f"Error while accessing provider:{authority}")
        inv.eprint(
            f"java.lang.SecurityException: Failed to find provider {authority} for user 0;"
            " expected to find a valid ContentProvider for this authority"
        )
        return 1
    phone = inv.phone
    try:
        if verb == "query":
            columns, rows = provider.query(phone, uri, projection, where, sort)
            if not rows:
                inv.print("No result found.")
            for index, row in enumerate(rows):
                cells = ", ".join(
                    f"{c}={_format_value(v)}" for c, v in zip(columns, row, strict=False)
                )
                inv.print(f"Row: {index} {cells}")
        elif verb == "insert":
            if not binds:
                inv.eprint("Error: Bindings not specified. Did you specify --bind argument(s)?")
                return 1
            provider.insert(phone, uri, binds)
        elif verb == "update":
            if not binds:
                inv.eprint("Error: Bindings not specified. Did you specify --bind argument(s)?")
                return 1
            provider.update(phone, uri, binds, where)
        elif verb == "delete":
            provider.delete(phone, uri, where)
        else:
            inv.eprint(f"Error: Unsupported operation: {verb}")
            return 1
    except ProviderError as exc:
        inv.eprint(f"Error while accessing provider:{authority}")
        inv.eprint(f"{exc.java_class}: {exc}")
        return 1
    return 0
