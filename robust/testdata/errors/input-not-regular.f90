! RUN: forocl check /dev/null
! ERROR@file [input-not-regular] "not a regular file but a character device; forocl reads source files only"
