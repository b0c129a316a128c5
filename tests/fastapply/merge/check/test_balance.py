"""Brackets and markup elements that balanced before an edit still balance after it."""

from fastapply.merge.check import balance

JS = """class Api {
  get(path) {
    return fetch(this.base + path);
  }

  post(path, body) {
    return fetch(this.base + path, {method: 'POST', body});
  }

  remove(path) {
    return fetch(this.base + path, {method: 'DELETE'});
  }
}
"""


def test_unbalanced_brackets():
    assert balance.unbalanced(JS, JS + "}\n", "javascript")
    assert not balance.unbalanced(JS, JS.replace("'DELETE'", "'DEL'"), "javascript")


def test_markup_that_loses_a_closing_tag_is_unbalanced():
    html = "<fieldset>\n  <p>\n    <button>Go</button>\n  </p>\n</fieldset>\n<br>\n<img src=a.png>\n"
    assert not balance.unbalanced(html, html.replace("<br>", "<p>Added</p>\n<br>"), "html")
    assert balance.unbalanced(html, html.replace("  </p>\n", ""), "html")
    assert not balance.unbalanced(html, html.replace("  </p>\n", ""), "css")  # markup only
