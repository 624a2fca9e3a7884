! RUN: forocl check robust/testdata/errors/does_not_exist.f90
! ERROR@file [file-unreadable] "cannot read file: no such file or directory"
