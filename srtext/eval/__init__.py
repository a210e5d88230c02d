"""Measuring recovered text against ground truth.

evaluate is ``srtext-eval`` (the command line); scores the measures; docdiff the benchmark's
paragraph diff they count with, built on phrases (words and phrases) and moves (moved blocks).
"""
