"""``python -m srtext`` and the ``srtext`` command: the command line, pdftotext started first.

For one PDF, pdftotext is started before srtext's modules are imported, so that
it runs while Python imports them (see :mod:`srtext.run.early`).
"""

import sys


def main() -> int:
    """The console script: start pdftotext for a PDF argument, then run the command line."""
    from srtext.run.early import discard, prestart

    try:
        prestart(sys.argv[1:])
        from srtext.cli import main as command_line

        return command_line()
    except KeyboardInterrupt:  # Ctrl-C while the command line is imported, before it handles one
        print("srtext: interrupted", file=sys.stderr)
        return 130
    finally:
        discard()  # what was started and not read: killed and reaped


if __name__ == "__main__":
    sys.exit(main())
