! RUN: forocl build -o out %s
!^ ERROR:1 [no-kernels-to-build] "no kernels found in this file; nothing to build or run"
module constants
  implicit none
  real, parameter :: g = 9.81
end module constants
