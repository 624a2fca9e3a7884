subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (0.0 < a < 1.0) b = a  ! ERROR [syntax-chained-relational] "relational operators cannot be chained"
end subroutine k
