module constants  ! WARNING:1 [no-kernels] "no kernels found in this file"
  implicit none
  real, parameter :: g = 9.81
end module constants
