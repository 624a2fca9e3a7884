subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer(kind=2) :: big  ! ERROR [unsupported-kind] "integer kind 2 is not supported"
  b = a
end subroutine k
