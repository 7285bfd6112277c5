"""Issue 50, item 4: 24 guest addresses x 32 idle connections at a 1,024-file limit; then a
tablet table (a guest address) and ten phones each GET /. Prints how many were answered and
how fast. ``python tests/bench/bench_connection_pool.py [CHECKOUT]``: the host of CHECKOUT
(this one by default) is started, so an older commit's copy can be measured the same way."""
import os, resource, socket, subprocess, sys, time, urllib.request, tempfile, http.client
from pathlib import Path
root = sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parents[2])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tmp = tempfile.mkdtemp()
env = {**os.environ, "XDG_CACHE_HOME": tmp + "/cache", "PYTHONPATH": root}
proc = subprocess.Popen([sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
    "--address", "127.0.0.1", "--db", tmp + "/c.db", "--no-browser"], cwd=root, env=env,
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024)))
while "Phones join at" not in proc.stdout.readline(): pass
while True:
    try: urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30).read(); break
    except OSError: time.sleep(0.2)
held = []
for g in range(2, 26):
    for _ in range(32):
        k = socket.socket(); k.bind((f"127.0.0.{g}", 0)); k.connect(("127.0.0.1", port)); held.append(k)
time.sleep(2)
def get(src):
    t = time.monotonic()
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(src, 0))
        c.request("GET", "/"); r = c.getresponse(); r.read(); c.close()
        return r.status, (time.monotonic() - t) * 1000
    except OSError as e:
        return type(e).__name__, (time.monotonic() - t) * 1000
print("tablet 127.0.0.30:", get("127.0.0.30"))
phones = [get(f"127.0.0.{40 + i}") for i in range(10)]
print("10 phones answered:", sum(p[0] == 200 for p in phones), "of 10;", phones)
for k in held: k.close()
proc.kill(); proc.wait()
