! The Fortran host module calls max() inside each procedure: a dummy named
! max would hide it.
pure elemental subroutine clip(x, max)
  real, intent(in) :: x
  real, intent(out) :: max  ! ERROR:24 [host-name-reserved] "dummy \"max\" of kernel \"clip\" is a name the Fortran host module uses"
  max = x
end subroutine clip
