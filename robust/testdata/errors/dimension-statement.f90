subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  dimension  ! ERROR [dimension-statement] "dimension statement without names"
  b = a
end subroutine k
