"""Correct answers, but every reply carries the wrong seq."""

from _base import correct, serve, write


def on_run(n, msg):
    reply = correct(msg)
    reply["seq"] = msg["seq"] + 1
    write(reply)


serve(on_run)
