"""``python -m srtext`` and the ``srtext`` command: the command line, pdftotext started first.

For one PDF, pdftotext is started before srtext's modules are imported, so that
it runs while Python imports them (see :mod:`srtext.run.early`).
"""

import sys


def main() -> int:
    """The console script: start pdftotext for a PDF argument, then run the command line."""
    from srtext.run.early import TERMINATED, discard, prestart, restore_terminate

    try:
        prestart(sys.argv[1:])
        from srtext.cli import main as command_line

        return command_line()
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM while the command line is imported, before it handles one
        print(f"srtext: {'terminated' if TERMINATED else 'interrupted'}", file=sys.stderr)
        return 143 if TERMINATED else 130
    finally:
        discard()  # what was started and not read: killed and reaped
        restore_terminate()


if __name__ == "__main__":
    sys.exit(main())
