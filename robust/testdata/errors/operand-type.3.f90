subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (.not. a) b = a  ! ERROR [operand-type] "operand of .not. is real(4), expected logical"
end subroutine k
