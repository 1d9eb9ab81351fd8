#!/usr/bin/env python3
"""A guard process: the smallest guard speaking the guard protocol (guard-eval/guard@1).

    guard-eval run challenge-sets --guard "exec:python3 examples/guards/allow_all.py"

One JSON message per line on stdin, one answer per line on stdout, each answer carrying the
request's id. It allows every call, exactly as the built-in `allow-all` baseline does, so the two
runs give the same results. Standard library only.
"""
import itertools
import json
import sys

PROTOCOL = "guard-eval/guard@1"


def main() -> int:
    sessions = set()
    ids = itertools.count()
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        method, params = msg.get("method"), msg.get("params") or {}
        if method == "hello":
            result = {
                "protocol": PROTOCOL,
                "name": "allow-all (Python example)",
                # It takes every input and ignores it; no capabilities, no rule ids.
                "features": {"policy": True, "from": True, "capabilities": False, "rules": "none", "orderDependent": False},
            }
        elif method == "newSession":
            session = f"s{next(ids)}"
            sessions.add(session)
            result = {"session": session}
        elif method == "decide":
            if params.get("session") not in sessions:
                answer(msg["id"], error=f"unknown session {params.get('session')!r}")
                continue
            result = {"verdict": "allow", "rules": []}
        elif method == "record":
            result = {}
        elif method == "endSession":
            sessions.discard(params.get("session"))
            result = {}
        elif method == "close":
            answer(msg["id"], result={})
            return 0
        else:
            answer(msg["id"], error=f"unknown method {method!r}")
            continue
        answer(msg["id"], result=result)
    return 0


def answer(request_id, result=None, error=None):
    reply = {"id": request_id}
    if error is not None:
        reply["error"] = {"message": error}
    else:
        reply["result"] = result
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
