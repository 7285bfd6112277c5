"""The host (``python -m companion``) under cProfile, switched on and off from outside: the
bench sends SIGUSR1 before its taps and SIGUSR2 after, and the profile of the event loop's
thread between them is written to the file named first (not a test).

    python tests/bench/profiled_host.py OUT.prof [companion's arguments]
"""
import cProfile
import runpy
import signal
import sys

out, sys.argv = sys.argv[1], ["companion"] + sys.argv[2:]
profile = cProfile.Profile()


def stop(*_):
    profile.disable()
    profile.dump_stats(out)


# handlers run on the main thread, which is the one serving every session's event loop
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
signal.signal(signal.SIGUSR2, stop)
runpy.run_module("companion", run_name="__main__")
