"""Well-formed replies with wrong answers: ok {} instead of errors, and error kinds swapped."""

from _base import serve, write


def on_run(n, msg):
    if msg["op"] == "pick":
        write({"seq": msg["seq"], "ok": {"strategy": "json", "text": "[]", "sizes": {"json": 2}}})
    elif n % 2:
        write({"seq": msg["seq"], "ok": {}})
    else:
        write({"seq": msg["seq"], "error": {"kind": "not-a-reason", "message": "wrong"}})


serve(on_run)
