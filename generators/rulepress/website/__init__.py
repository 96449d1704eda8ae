"""The rules website: Markdown from content/ and data/, built by MkDocs Material."""
