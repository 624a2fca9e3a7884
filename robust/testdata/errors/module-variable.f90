module m
  use forocl_regions
  implicit none
  real :: scale = 2.0
contains
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = scale*region_cpy(a, [0, 0])  ! ERROR [module-variable] "module variable \"scale\" cannot be used in a kernel"
  end subroutine k
end module m
