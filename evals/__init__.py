"""fastapply.evals"""
