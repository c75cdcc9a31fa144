"""Benchmarks that print their figures; run each as a script."""
