"""fastapply.api"""
