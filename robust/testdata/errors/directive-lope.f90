subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
!$OFP EXTEND :: a(-1:1)
!^ ERROR [directive-lope] "!$OFP EXTEND is a directive of the LOPe dialect"
  b = a
end subroutine k
