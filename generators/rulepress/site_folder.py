"""site/ is swapped, never rebuilt in place: it is always a complete site, old or new.

site/ is a symbolic link to one complete build in .site-builds/ (beside it, so on the
same filesystem). A build writes a new folder there, marks it ready, then points site/
at it by renaming a new link over the old one: rename(2) is atomic, so a reader (or
`rulepress serve`) sees the whole old site or the whole new one at every instant, and
nothing is ever copied between filesystems. Only then are older builds deleted.

The first build after site/ was a plain folder moves that folder into .site-builds/ by
exchanging it with a link in one step (renameat2 RENAME_EXCHANGE). Where the system
cannot exchange, it renames the folder and then links it, and the short gap between the
two is what `repair` closes: every command starts by repairing an interrupted swap
(site/ missing: link the newest ready build) and by deleting unfinished builds.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .problems import BuildError

BUILDS = ".site-builds"
LOCK = ".lock"
READY = ".ready"  # suffix of the file that marks a build folder complete
LINK_PREFIX = ".site-link-"  # a new link, before it is renamed over site/
LEGACY = "0" * 20 + "-legacy"  # a plain site/ folder of an older rulepress, once moved;
# named to sort before every build (builds are named by the time they started)


def site_of(project: Path) -> Path:
    return project / "site"


def builds_of(project: Path) -> Path:
    return project / BUILDS


@contextmanager
def locked(project: Path, wait: bool = False) -> Iterator[bool]:
    """Holds .site-builds/.lock while the block runs; yields False when another build
    holds it (and `wait` is False)."""
    folder = builds_of(project)
    try:
        folder.mkdir(exist_ok=True)
        fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0),
                     0o644)
    except OSError as exc:
        raise _unwritable(project, exc) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


def start_build(project: Path) -> Path:
    """A new, empty build folder beside site/ (call under `locked`). Checks first that
    everything the swap will touch can be written, so a build that could not be
    published stops at once."""
    repair(project, have_lock=True)
    folder = builds_of(project)
    if os.stat(folder).st_dev != os.stat(project).st_dev:
        raise BuildError(f"{BUILDS}/ is on another filesystem than the project folder; "
                         f"delete it (rulepress makes it again beside site/)")
    _adopt_plain_site(project)
    new = folder / f"{time.time_ns():020d}-{os.getpid()}"
    try:
        new.mkdir()
        probe = new / ".probe"
        probe.write_bytes(b"x" * 4096)  # a full disk fails here, not after the whole build
        probe.unlink()
        link = _new_link(project, "probe")
        link.unlink()
    except OSError as exc:
        shutil.rmtree(new, ignore_errors=True)
        raise _unwritable(project, exc) from None
    return new


def publish(project: Path, new: Path) -> Path:
    """Points site/ at the complete build `new` in one atomic step, then deletes the
    older builds (call under `locked`)."""
    try:
        ready = new.with_name(new.name + READY)
        with open(ready, "wb") as marker:
            os.fsync(marker.fileno())
        link = _new_link(project, new.name)
        os.replace(link, site_of(project))
        _fsync_folder(project)
    except OSError as exc:
        raise _unwritable(project, exc) from None
    _delete_builds_but(project, new.name)
    return site_of(project)


def discard(new: Path) -> None:
    """Deletes an unfinished build folder."""
    shutil.rmtree(new, ignore_errors=True)


def repair(project: Path, have_lock: bool = False) -> str | None:
    """Finishes or undoes an interrupted swap; says what it did, or None. Skipped while
    another build holds the lock (that build cleans up after itself)."""
    folder = builds_of(project)
    if not folder.is_dir() and not _stray_links(project):
        return None
    if not have_lock:
        try:
            with locked(project) as mine:
                return repair(project, have_lock=True) if mine else None
        except (OSError, BuildError):
            return None  # a read-only project: nothing we could repair
    site, said = site_of(project), None
    for link in _stray_links(project):
        link.unlink(missing_ok=True)
    current = _current(project)
    if current is None and not (site.exists() and not site.is_symlink()):
        ready = _ready_builds(project)
        if ready:
            os.replace(_new_link(project, ready[-1]), site)
            _fsync_folder(project)
            current = ready[-1]
            said = ("repaired site/: an interrupted build had left it missing; it is the "
                    "last complete build again")
    if current is not None or site.exists():
        _delete_builds_but(project, current)
    return said


def _current(project: Path) -> str | None:
    """The build folder site/ points at, when it points at an existing one."""
    site = site_of(project)
    if not site.is_symlink():
        return None
    target = Path(os.readlink(site))
    if target.parent.as_posix() != BUILDS or not (project / target).is_dir():
        return None
    return target.name


def _ready_builds(project: Path) -> list[str]:
    folder = builds_of(project)
    return sorted(p.name.removesuffix(READY) for p in folder.glob("*" + READY)
                  if (folder / p.name.removesuffix(READY)).is_dir())


def _delete_builds_but(project: Path, keep: str | None) -> None:
    """Every build folder but `keep`: its ready mark first, so a half-deleted folder is
    never taken for a complete one."""
    folder = builds_of(project)
    for path in sorted(folder.iterdir()):
        name = path.name.removesuffix(READY)
        if path.name == LOCK or name == keep:
            continue
        if path.name.endswith(READY) or path.is_symlink() or not path.is_dir():
            path.unlink(missing_ok=True)
    for path in sorted(folder.iterdir()):
        if path.is_dir() and not path.is_symlink() and path.name != keep:
            shutil.rmtree(path, ignore_errors=True)


def _stray_links(project: Path) -> list[Path]:
    return sorted(project.glob(LINK_PREFIX + "*"))


def _new_link(project: Path, name: str) -> Path:
    link = project / f"{LINK_PREFIX}{os.getpid()}"
    link.unlink(missing_ok=True)
    os.symlink(f"{BUILDS}/{name}", link, target_is_directory=True)
    return link


def _adopt_plain_site(project: Path) -> None:
    """A plain site/ folder (from an older rulepress) becomes .site-builds/legacy with
    site/ linking to it, without a moment where site/ is missing where the system can
    exchange two names atomically."""
    site = site_of(project)
    if site.is_symlink() or not site.is_dir():
        return
    legacy = builds_of(project) / LEGACY
    discard(legacy)
    legacy.with_name(LEGACY + READY).touch()
    try:
        os.symlink(f"{BUILDS}/{LEGACY}", legacy, target_is_directory=True)
        if not _exchange(legacy, site):
            legacy.unlink()
            os.rename(site, legacy)  # site/ is missing until the next line; repair closes it
            os.replace(_new_link(project, LEGACY), site)
        _fsync_folder(project)
    except OSError as exc:
        if site.is_dir() and not site.is_symlink():  # nothing moved: leave no trace
            if legacy.is_symlink():
                legacy.unlink()
            legacy.with_name(LEGACY + READY).unlink(missing_ok=True)
        raise _unwritable(project, exc) from None


def _exchange(a: Path, b: Path) -> bool:
    """Swaps two names in one step (Linux renameat2 RENAME_EXCHANGE); False where the
    system or the filesystem cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unwritable(project: Path, exc: OSError) -> BuildError:
    where = exc.filename or project
    try:
        where = Path(where).relative_to(project).as_posix()
    except ValueError:
        pass
    if exc.errno == errno.ENOSPC:
        why = "the disk is full"
    elif exc.errno == errno.EXDEV:
        why = "it is on another filesystem than the project folder"
    elif exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        why = "it cannot be written (read-only or no permission)"
    else:
        why = exc.strerror or str(exc)
    return BuildError(f"cannot write the site beside site/: {where}: {why}")
