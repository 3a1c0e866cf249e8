"""Run a command with its standard error on a pseudo-terminal, as in an
interactive shell, and copy what it wrote there to standard output.

Usage: run-in-pty.py COLUMNS COMMAND ARGS...  (COLUMNS: the width the
terminal reports, through its window size; lit passes no COLUMNS or TERM.)
"""
import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios

columns = int(sys.argv[1])
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "TERM")}
proc = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=slave, env=env)
os.close(slave)
out = b""
while True:
    try:
        data = os.read(master, 65536)
    except OSError:  # the terminal closes with the last writer
        break
    if not data:
        break
    out += data
status = proc.wait()
sys.stdout.write(out.decode().replace("\r\n", "\n"))
sys.exit(status)
