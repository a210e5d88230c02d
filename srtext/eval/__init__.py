"""Measuring recovered text against ground truth.

evaluate is ``srtext-eval``; docdiff is the benchmark's paragraph diff it counts with.
"""
