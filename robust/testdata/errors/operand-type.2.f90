subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (a > 0.0 .and. a) b = a  ! ERROR [operand-type] "operand of .and. is real(4), expected logical"
end subroutine k
