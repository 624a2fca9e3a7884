! This file includes itself with no #ifndef guard.
#include "cpp-include-too-deep.f90"
!^ ERROR [cpp-include-too-deep] "#include nested more than 40 deep"
